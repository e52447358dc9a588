// GET /api/health - readiness for load balancers and supervisors: 200 once this instance has finished its start-up work and the database answers, 503 until then or while it does not.
import { NextResponse } from "next/server";
import { instanceHealth } from "@/server/runtime/start-up";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await instanceHealth();
  return NextResponse.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
