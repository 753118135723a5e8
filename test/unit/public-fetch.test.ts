import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPublic, isPrivateAddressError, publicOnlyLookup } from "../../src/server/http/public-fetch";

const lookup = (host: string) =>
  new Promise<{ err: Error | null; address: unknown }>((resolve) =>
    publicOnlyLookup(host, {}, (err, address) => resolve({ err, address })),
  );

describe("fetching an address an administrator typed", () => {
  let server: http.Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests++;
      res.end("<rss/>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses this computer by its address, without sending a request", async () => {
    const err = await fetchPublic(`http://127.0.0.1:${port}/feed`, {}).catch((e: unknown) => e);
    expect(isPrivateAddressError(err)).toBe(true);
    expect(requests).toBe(0);
  });

  it("refuses a name that resolves to this computer, however it is spelled", async () => {
    const err = await fetchPublic(`http://localhost.:${port}/feed`, {}).catch((e: unknown) => e);
    expect(isPrivateAddressError(err)).toBe(true);
    const { err: refused } = await lookup("localhost");
    expect(isPrivateAddressError(refused)).toBe(true);
    expect(requests).toBe(0);
  });

  it("lets a public address through the name check", async () => {
    const { err, address } = await lookup("93.184.215.14");
    expect(err).toBeNull();
    expect(address).toBe("93.184.215.14");
  });

  it("refuses private networks and link-local addresses such as a cloud's metadata service", async () => {
    for (const host of ["10.0.0.8", "192.168.1.20", "169.254.169.254", "[::1]", "[fd00::1]"]) {
      const err = await fetchPublic(`http://${host}/latest/meta-data/`, {}).catch((e: unknown) => e);
      expect(isPrivateAddressError(err), host).toBe(true);
    }
  });
});
