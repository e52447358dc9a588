/** The signed-in user as the server loads it on every request and GET /api/auth/me answers it. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  isAdmin: boolean;
  isMentor: boolean;
  isPartner: boolean;
  membershipLevel: string | null;
  permissions: Record<string, boolean>;
  /** She has two-factor sign-in on (admins need it to use their rights). */
  twoFactorEnabled: boolean;
}
