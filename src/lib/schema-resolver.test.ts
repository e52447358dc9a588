import type { ResolverOptions } from "react-hook-form";
import { loginSchema, type LoginInput } from "@/features/auth/schemas";
import { schemaResolver } from "./schema-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<LoginInput>;

describe("a form's schema loaded with the form", () => {
  it("is not loaded until the form needs it, then once, and answers the schema's own messages", async () => {
    const load = jest.fn(async () => loginSchema);
    const resolver = schemaResolver(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ username: "", password: "" }, undefined, options);
    expect(empty.errors.username?.message).toBe("Please enter your username");
    expect(empty.errors.password?.message).toBe("Please enter your password");
    const valid = await resolver({ username: " amara ", password: "secret" }, undefined, options);
    expect(valid).toEqual({ values: { username: "amara", password: "secret" }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts loading on preload, before she submits", async () => {
    const load = jest.fn(async () => loginSchema);
    const resolver = schemaResolver(load);
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ username: "a", password: "b" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("sends the values to the server as they are when the schema cannot be loaded, and tries again next time", async () => {
    const load = jest.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(loginSchema);
    const resolver = schemaResolver<typeof loginSchema>(load);
    expect(await resolver({ username: "", password: "" }, undefined, options)).toEqual({
      values: { username: "", password: "" },
      errors: {},
    });
    const again = await resolver({ username: "", password: "" }, undefined, options);
    expect(again.errors.username?.message).toBe("Please enter your username");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
