import net from "node:net";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../src/server/db/seed/members";
import { freshDatabase } from "../support/fresh";
import { HttpClient, type ServerProcess, startServer } from "../support/server-process";

// The trial (demo content) as `npm start` runs it, on a database of its own: who can reach it, and
// with which passwords.

const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** An address of this machine that other computers reach it by: not loopback. */
function networkAddress() {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal);
  if (!found) throw new Error("This machine has no network interface besides loopback: the test needs one.");
  return found.address;
}

/** Whether a TCP connection to `host:port` is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** The built server on `databaseUrl`, once it has said what it is (its lines follow its first answer). */
async function started(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ DEMO: "1", SESSION_SECRET: "t".repeat(64), ...env });
  closing.push(() => server.stop());
  const deadline = Date.now() + 10_000;
  while (!server.output().includes("    Mail:")) {
    if (Date.now() > deadline) throw new Error(`the start said nothing of itself:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return server;
}

async function trial(env: Record<string, string>) {
  const db = await freshDatabase();
  closing.push(() => db.drop());
  // HOST left unset ("" reads as unset), as a newcomer's `npm start` leaves it.
  return { server: await started({ DATABASE_URL: db.url, HOST: "", ...env }), databaseUrl: db.url };
}

const signIn = (url: string, email: string, password: string) =>
  new HttpClient(url).call(authEndpoints.login, { body: { email, password } });

describe("the trial", () => {
  it("listens on this computer only, says so, and keeps the README's demo passwords", async () => {
    const { server } = await trial({});
    expect(await accepts("127.0.0.1", server.port)).toBe(true);
    expect(await accepts(networkAddress(), server.port)).toBe(false);
    expect(server.output()).toContain("Trial: demo content and demo accounts");
    expect(server.output()).toContain(`Listening on 127.0.0.1:${server.port}, this computer only`);
    expect(server.output()).toContain(`member: ruth@example.com / ${DEMO_PASSWORD}`);
    expect((await signIn(server.url, "naomi@example.com", DEMO_PASSWORD)).status).toBe(200);
  });

  it("opened to the network, gives each demo account a password of its own, printed once", async () => {
    const { server, databaseUrl } = await trial({ HOST: "0.0.0.0" });
    expect(await accepts(networkAddress(), server.port)).toBe(true);
    const output = server.output();
    expect(output).toContain("open to the network");
    expect(output).not.toContain(DEMO_PASSWORD);
    const printed = new Map(
      [...output.matchAll(/^ {4}(\S+@example\.com) \/ (\S+)$/gm)].map(([, email, password]) => [
        email!,
        password!,
      ]),
    );
    expect([...printed.keys()].sort()).toEqual([...DEMO_EMAILS].sort());
    expect(new Set(printed.values()).size).toBe(DEMO_EMAILS.length);

    // The documented password opens nothing; her own does.
    expect((await signIn(server.url, "naomi@example.com", DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn(server.url, "naomi@example.com", printed.get("naomi@example.com")!)).status).toBe(
      200,
    );

    // Started again, nothing is printed: the passwords are kept as hashes alone.
    await server.stop();
    const again = await started({ DATABASE_URL: databaseUrl, HOST: "0.0.0.0" });
    expect(again.output()).not.toMatch(/@example\.com \//);
    expect(again.output()).toContain("the passwords shown when they were first opened to the network");
    expect((await signIn(again.url, "ruth@example.com", printed.get("ruth@example.com")!)).status).toBe(200);
    // Two starts, each hashing every demo account's new password: a minute on a busy machine.
  }, 90_000);
});
