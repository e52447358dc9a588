import type { Metadata } from "next";
import { AuthPanel } from "@/components/auth/auth-panel";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata: Metadata = { title: "Forgot Password", robots: { index: false } };

export default function ForgotPasswordPage() {
  return (
    <AuthPanel title="Forgot your password?">
      <ForgotPasswordForm />
    </AuthPanel>
  );
}
