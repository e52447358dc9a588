import { seal, unseal } from "@/lib/sealed";

// Each kind of sealed value has its own key; two-factor secrets sealed with the
// birth-data key before TWO_FACTOR_KEY existed still open, and come back resealed under their own key.
const BIRTH_DATA_KEY = Buffer.alloc(32, 7);
const TWO_FACTOR_KEY = Buffer.alloc(32, 9);

async function sealing(keys: { BIRTH_DATA_KEY?: Buffer; TWO_FACTOR_KEY?: Buffer }) {
  jest.resetModules();
  process.env.DATABASE_URL = "postgres://unused@127.0.0.1:1/unused";
  process.env.AUTH_SECRET = "a-secret-that-is-long-enough-0123456789";
  process.env.BIRTH_DATA_KEY = keys.BIRTH_DATA_KEY?.toString("base64") ?? "";
  process.env.TWO_FACTOR_KEY = keys.TWO_FACTOR_KEY?.toString("base64") ?? "";
  return import("./sealing");
}

const saved = { ...process.env };
afterAll(() => {
  process.env = saved;
});

describe("sealing", () => {
  it("seals two-factor secrets and birth data with different keys", async () => {
    const { sealFor, unsealFor } = await sealing({ BIRTH_DATA_KEY, TWO_FACTOR_KEY });
    const secret = sealFor("two-factor", 5, "JBSWY3DPEHPK3PXP");
    expect(unseal(TWO_FACTOR_KEY, 5, secret)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => unsealFor("birth-data", 5, secret)).toThrow();
    const birth = sealFor("birth-data", 5, { birthDate: "1990-01-01" });
    expect(unseal(BIRTH_DATA_KEY, 5, birth)).toEqual({ birthDate: "1990-01-01" });
    expect(() => unsealFor("two-factor", 5, birth)).toThrow();
  });

  it("keeps two-factor working on an install without BIRTH_DATA_KEY", async () => {
    const { sealFor, openTwoFactorSecret } = await sealing({ TWO_FACTOR_KEY });
    expect(openTwoFactorSecret(3, sealFor("two-factor", 3, "SECRET"))).toEqual({ secret: "SECRET", resealed: null });
    expect(() => sealFor("birth-data", 3, {})).toThrow(
      expect.objectContaining({ status: 503, message: "Birth data storage is not configured (BIRTH_DATA_KEY)." }),
    );
  });

  it("opens a secret sealed with the birth-data key before the change, and reseals it under TWO_FACTOR_KEY", async () => {
    const { openTwoFactorSecret } = await sealing({ BIRTH_DATA_KEY, TWO_FACTOR_KEY });
    const legacy = seal(BIRTH_DATA_KEY, 8, "OLDSECRET");
    const opened = openTwoFactorSecret(8, legacy);
    expect(opened.secret).toBe("OLDSECRET");
    expect(unseal(TWO_FACTOR_KEY, 8, opened.resealed!)).toBe("OLDSECRET");
    expect(openTwoFactorSecret(8, opened.resealed!)).toEqual({ secret: "OLDSECRET", resealed: null });
    // Bound to her row: another member's id does not open it with either key.
    expect(() => openTwoFactorSecret(9, legacy)).toThrow();
  });
});
