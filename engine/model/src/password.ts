// a file of its own, free of entity declarations, so that the sign-in page's bundle takes only these
/** The password rule: the server enforces it (engine/server auth/password.ts), the web checks it first. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
