import { acceptInvitationSchema, applicationSchema } from "./schemas";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: " ada@example.com ",
  phone: "+1 555 010 0100",
  membershipTier: "create",
  heardAbout: "Instagram",
  whyJoin: "I want a community of creative womxn.",
  agreeTerms: true,
};

describe("applicationSchema", () => {
  it("accepts a complete application, trims and upper-cases the partner code", () => {
    const parsed = applicationSchema.parse({ ...valid, partnerCode: " sofia15 " });
    expect(parsed).toMatchObject({ email: "ada@example.com", partnerCode: "SOFIA15", isTrial: false });
    expect(applicationSchema.parse({ ...valid, partnerCode: "" }).partnerCode).toBeUndefined();
  });

  it.each([
    ["firstName", "A", "First name must be at least 2 characters"],
    ["lastName", "B", "Last name must be at least 2 characters"],
    ["email", "not-an-email", "Please enter a valid email address"],
    ["phone", "555", "Please enter a valid phone number"],
    ["membershipTier", "gold", "Please select a membership tier"],
    ["heardAbout", "  ", "Please tell us how you heard about us"],
    ["whyJoin", "Short", "Please share why you'd like to join (minimum 20 characters)"],
    ["agreeTerms", false, "You must agree to the terms and conditions"],
  ])("rejects a bad %s with the spec's message", (field, value, message) => {
    const result = applicationSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe("acceptInvitationSchema", () => {
  it("needs matching passwords and a plain username", () => {
    const base = {
      token: "x".repeat(43),
      username: "maya_a",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
    };
    expect(acceptInvitationSchema.safeParse(base).success).toBe(true);
    expect(
      acceptInvitationSchema.safeParse({ ...base, confirmPassword: "other-password" }).error?.issues[0]?.message,
    ).toBe("Passwords do not match");
    expect(acceptInvitationSchema.safeParse({ ...base, username: "has space" }).success).toBe(false);
  });
});
