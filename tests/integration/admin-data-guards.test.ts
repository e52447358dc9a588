import { auditSearchSchema } from "@/features/audit/schemas";
import { memberSearchSchema } from "@/features/admin-members/schemas";
import type { SessionUser } from "@/lib/auth/session-user";
import { adminViewer, createTestUser } from "../support/db";
import { closeInProcessApp } from "../support/in-process";

// Guards next to the data: an admin data function checks the viewer it is handed,
// so calling it from a new place (a page outside the admin group, another feature) does not open it.

afterAll(closeInProcessApp);

describe("admin data functions check their viewer", () => {
  const member: SessionUser = {
    ...adminViewer(),
    isAdmin: false,
    twoFactorEnabled: false,
    twoFactorPassed: false,
    membershipLevel: "play",
  };
  const adminWithoutTwoFactor: SessionUser = { ...adminViewer(), twoFactorPassed: false };
  const editor: SessionUser = { ...member, permissions: { manage_content: true } };

  const calls = async () => {
    const { listAudit } = await import("@/server/audit");
    const { listMembers, getMemberAdminView } = await import("@/server/admin-members");
    const { getDashboard } = await import("@/server/dashboard");
    const { listOutbox } = await import("@/server/email/outbox");
    const { createCommunityEvent } = await import("@/server/events/admin");
    const { saveSiteSettings } = await import("@/server/settings");
    const { listTransactions } = await import("@/server/money/transactions");
    return {
      listAudit: (viewer: SessionUser) => listAudit(viewer, auditSearchSchema.parse({})),
      listMembers: (viewer: SessionUser) => listMembers(viewer, memberSearchSchema.parse({})),
      getMemberAdminView: (viewer: SessionUser) => getMemberAdminView(viewer, 1),
      getDashboard: (viewer: SessionUser) => getDashboard(viewer, "30d"),
      listOutbox: (viewer: SessionUser) => listOutbox(viewer, { limit: 5, offset: 0 }),
      listTransactions: (viewer: SessionUser) => listTransactions(viewer),
      saveSiteSettings: (viewer: SessionUser) => saveSiteSettings(viewer, { siteName: "Taken over" }),
      createCommunityEvent: (viewer: SessionUser) =>
        createCommunityEvent(viewer, {
          title: "x",
          description: "x",
          startsAt: new Date(),
          endsAt: null,
          location: "x",
          imageUrl: "",
          eventType: "social",
          accessType: "public",
          capacity: null,
          isFeatured: false,
        } as never),
    };
  };

  it("refuses a member and an admin whose session did not pass two-factor, with 403", async () => {
    for (const call of Object.values(await calls())) {
      for (const viewer of [member, adminWithoutTwoFactor, editor])
        await expect(call(viewer)).rejects.toMatchObject({ status: 403 });
    }
  });

  it("answers an administrator", async () => {
    const admin = adminViewer(await createTestUser({ isAdmin: true }));
    const { listAudit, listOutbox } = await calls();
    await expect(listAudit(admin)).resolves.toMatchObject({ entries: expect.any(Array) });
    await expect(listOutbox(admin)).resolves.toMatchObject({ messages: expect.any(Array) });
  });

  it("lets a library editor into the editor's functions only", async () => {
    const { listEditorTags } = await import("@/server/library/taxonomy");
    await expect(listEditorTags(editor)).resolves.toEqual(expect.any(Array));
    await expect(listEditorTags(member)).rejects.toMatchObject({ status: 403 });
  });
});
