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
  /** She has two-factor sign-in on. */
  twoFactorEnabled: boolean;
  /** This session passed two-factor sign-in: admin rights need it (src/lib/auth/access.ts). */
  twoFactorPassed: boolean;
}
