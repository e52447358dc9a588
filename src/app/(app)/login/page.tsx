import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthPanel } from "@/components/auth/auth-panel";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in to the members' area.",
  robots: { index: false },
};

export default function LoginPage() {
  return (
    <AuthPanel title="Welcome back">
      <Suspense>
        <LoginForm />
      </Suspense>
    </AuthPanel>
  );
}
