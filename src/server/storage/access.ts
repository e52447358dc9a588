import "server-only";
import { actsAsAdmin, hasPermission } from "@/lib/auth/access";
import { forbidden, unauthorized } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session-user";
import type { FilePurpose } from "@/features/storage/constants";
import { canReadItem } from "@/server/library/access";
import { UPLOAD_KINDS } from "@/features/storage/kinds";
import type { StoredFile } from "./index";

/**
 * For gated files, the feature that owns the record named by `gateKind`/`gateId` decides, e.g. a
 * library item and the tier it needs. A gate kind with no check here opens to admins only.
 */
type GateCheck = (user: SessionUser, gateId: number) => Promise<boolean>;
const GATE_CHECKS: Record<string, GateCheck> = {
  // A library item's PDF, video and inline images: whoever may read the item (its tier and category).
  "library-item": canReadItem,
};

export async function assertCanReadFile(user: SessionUser | null, file: StoredFile): Promise<void> {
  if (!user) throw unauthorized();
  if (actsAsAdmin(user) || file.access === "members") return;
  if (file.access === "uploader" && file.uploadedBy === user.id) return;
  if (file.access === "gated" && file.gateKind && file.gateId !== null) {
    const check = GATE_CHECKS[file.gateKind];
    if (check && (await check(user, file.gateId))) return;
  }
  throw forbidden("You do not have access to this file.");
}

export function assertCanUpload(user: SessionUser, purpose: FilePurpose): void {
  const needed = UPLOAD_KINDS[purpose].permission;
  if (needed && !hasPermission(user, needed))
    throw forbidden("You do not have permission to upload this kind of file.");
}
