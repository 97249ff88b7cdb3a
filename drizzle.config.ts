import { defineConfig } from "drizzle-kit";

// drizzle/ holds the table definitions; migrations/ receives the SQL that
// `wrangler d1 migrations apply` and the test setup both apply.
export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
});
