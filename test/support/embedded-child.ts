// Runs an embedded PostgreSQL on the given folder, writes a row, reports READY and waits to be killed.
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";

const dir = process.argv[2]!;
const embedded = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
const client = new pg.Client({ connectionString: embedded.url });
await client.connect();
await client.query("create table if not exists survivors (note text)");
await client.query("insert into survivors values ('written before the crash')");
await client.end();
process.stdout.write(`READY ${embedded.pid}\n`);
setInterval(() => {}, 1000);
