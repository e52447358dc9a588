import "server-only";
import { actsAsAdmin, hasPermission } from "@/lib/auth/access";
import { forbidden, unauthorized } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import type { FilePurpose } from "@/features/storage/constants";
import { UPLOAD_KINDS } from "@/features/storage/kinds";
import type { StoredFile } from "./index";

/**
 * For gated files, the feature that owns the record named by `gateKind`/`gateId` decides, e.g. a
 * library item and the tier it needs. Storage knows no feature: the runtime hands it the checks
 * (FILE_GATES, src/server/runtime/file-gates.ts). A gate kind with no check opens to admins only.
 */
export type GateCheck = (user: SessionUser, gateId: number) => Promise<boolean>;
export type FileGates = Readonly<Record<string, GateCheck>>;

export async function assertCanReadFile(user: SessionUser | null, file: StoredFile, gates: FileGates): Promise<void> {
  if (!user) throw unauthorized();
  if (actsAsAdmin(user) || file.access === "members") return;
  if (file.access === "uploader" && file.uploadedBy === user.id) return;
  if (file.access === "gated" && file.gateKind && file.gateId !== null) {
    const check = gates[file.gateKind];
    if (check && (await check(user, file.gateId))) return;
  }
  throw forbidden("You do not have access to this file.");
}

export function assertCanUpload(user: SessionUser, purpose: FilePurpose): void {
  const { permission: needed, adminOnly } = UPLOAD_KINDS[purpose];
  if (adminOnly && !actsAsAdmin(user)) throw forbidden("You do not have permission to upload this kind of file.");
  if (needed && !hasPermission(user, needed))
    throw forbidden("You do not have permission to upload this kind of file.");
}
