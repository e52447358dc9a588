import { notFound } from "next/navigation";

// Any path no other route matches. Rendering the not-found page here, per request, rather than as the
// prerendered 404 lets it carry the request's Content-Security-Policy nonce under member paths
// (src/proxy.ts); prerendered HTML has no nonce, and its scripts would be refused there.
export const dynamic = "force-dynamic";

export default function Unmatched(): never {
  notFound();
}
