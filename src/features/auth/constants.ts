// Constants the browser needs without zod (the sign-in and password forms load their schemas on use).

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
