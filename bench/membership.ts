import { Pool } from "pg";
import { benchDatabaseUrl, type BenchApp } from "./lib/app";
import { benchAdminSignIn } from "./lib/admin";
import { clientAddress, describeLoad, runLoad, type LoadResult } from "./lib/load";

/** Submissions, each with its own email and client address (so neither the 409 nor the rate limit answers). */
const loadSubmissions = (baseUrl: string, seconds: number): Promise<LoadResult> =>
  runLoad({
    url: `${baseUrl}/api/applications/submit`,
    method: "POST",
    connections: 20,
    seconds,
    eachRequest: (n) => ({
      headers: { origin: baseUrl, "x-forwarded-for": clientAddress(n) },
      body: {
        firstName: "Bench",
        lastName: "Applicant",
        email: `bench_${Date.now()}_${n}@example.com`,
        phone: "+1 555 010 0100",
        membershipTier: "create",
        heardAbout: "Instagram",
        whyJoin: "Measuring how many applications the server takes per second.",
        agreeTerms: true,
      },
    }),
  });

/** Application submit throughput at 20 connections; the admin list with 50,000 applications. */
export async function benchMembership(app: BenchApp): Promise<string[]> {
  const submit = await loadSubmissions(app.baseUrl, 15);

  const pool = new Pool({ connectionString: benchDatabaseUrl(app), max: 2 });
  try {
    const { rows } = await pool.query<{ count: number }>("select count(*)::int as count from applications");
    const missing = Math.max(0, 50_000 - rows[0]!.count);
    // Statuses spread like a real backlog: most reviewed, some pending.
    await pool.query(
      `insert into applications (first_name, last_name, email, phone, membership_tier, heard_about, why_join, agree_terms, status, created_at)
       select 'Seed', 'Applicant ' || g, 'seed_' || g || '@example.com', '+1 555 010 0100', (array['connect','create','empower','play'])[1 + g % 4],
              'Instagram', 'A seeded application for the admin list benchmark.', true,
              case when g % 10 = 0 then 'pending' when g % 10 < 8 then 'approved' else 'rejected' end,
              now() - (g || ' minutes')::interval
       from generate_series(1, $1::int) g`,
      [missing],
    );
    await pool.query("analyze applications");
  } finally {
    await pool.end();
  }

  const cookie = await benchAdminSignIn(app);
  const list = await runLoad({
    url: `${app.baseUrl}/api/applications?status=pending`,
    headers: { cookie },
    connections: 10,
    seconds: 10,
  });
  const search = await runLoad({
    url: `${app.baseUrl}/api/applications?search=applicant%2049`,
    headers: { cookie },
    connections: 10,
    seconds: 10,
  });
  return [
    describeLoad("POST /api/applications/submit (20 connections, 15 s)", submit),
    describeLoad("GET /api/applications?status=pending, 50,000 applications (10 connections, 10 s)", list),
    describeLoad("GET /api/applications?search=..., 50,000 applications (10 connections, 10 s)", search),
  ];
}
