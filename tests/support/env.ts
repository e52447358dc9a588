/** Where the test harness (scripts/test.ts) started the server and the database. */
export function testEnv() {
  const baseUrl = process.env.TEST_BASE_URL;
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl || !databaseUrl)
    throw new Error("Run these tests through `npm test` (scripts/test.ts), which starts the server and database.");
  return { baseUrl, databaseUrl };
}
