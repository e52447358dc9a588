import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from "./schemas";

describe("auth schemas", () => {
  it("requires both username and password to sign in", () => {
    const result = loginSchema.safeParse({ username: "  ", password: "" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(messages).toEqual([
      ["username", "Please enter your username"],
      ["password", "Please enter your password"],
    ]);
  });

  it("trims the username", () => {
    expect(loginSchema.parse({ username: " member ", password: "x" }).username).toBe("member");
  });

  it("checks the email of a reset request", () => {
    expect(forgotPasswordSchema.safeParse({ email: "not-an-email" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address",
    );
    expect(forgotPasswordSchema.parse({ email: " a@example.com " }).email).toBe("a@example.com");
  });

  it("wants a long enough new password, typed twice alike", () => {
    const token = "x".repeat(43);
    expect(
      resetPasswordSchema.safeParse({ token, password: "short", confirmPassword: "short" }).error?.issues[0]?.message,
    ).toBe("Password must be at least 10 characters");
    expect(
      resetPasswordSchema.safeParse({ token, password: "long-enough-1", confirmPassword: "long-enough-2" }).error
        ?.issues[0]?.message,
    ).toBe("Passwords do not match");
    expect(
      resetPasswordSchema.safeParse({ token, password: "long-enough-1", confirmPassword: "long-enough-1" }).success,
    ).toBe(true);
  });
});
