import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestContext, type TestContext } from "./app";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in";

export interface FeedServer {
  url: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

const item = (n: number) =>
  `<item><title><![CDATA[Letters from the garden, part ${n}]]></title>` +
  `<description><![CDATA[Notes on patience and the seasons of faith, part ${n}.]]></description>` +
  `<link>https://garden.substack.com/p/letters-${n}</link><guid isPermaLink="false">letters-${n}</guid>` +
  `<dc:creator><![CDATA[Miriam]]></dc:creator><pubDate>Mon, 0${n} Dec 2025 08:00:00 GMT</pubDate>` +
  `<category><![CDATA[Seasons]]></category><content:encoded><![CDATA[<p>${"Wait on the Lord. ".repeat(60)}</p>]]></content:encoded></item>`;

const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" version="2.0"><channel><title><![CDATA[Garden Letters]]></title><link>https://garden.substack.com</link><generator>Substack</generator>${[1, 2, 3].map(item).join("")}</channel></rss>`;

/** A newsletter feed on a loopback port, so article sync answers as it does in production. */
export async function startFeedServer(): Promise<FeedServer> {
  const server = http.createServer((req, res) => {
    if (req.url !== "/feed") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
  return {
    url,
    env: { NEWSLETTER_FEED_URL: url, NEWSLETTER_NAME: "Substack" },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface ContextWithDependencies {
  t: TestContext;
  stripe: StripeStandIn;
  feed: FeedServer;
  close(): Promise<void>;
}

/** The app with every outside service it can use present (Stripe stand-in, newsletter feed). */
export async function createContextWithDependencies(
  env: Record<string, string> = {},
): Promise<ContextWithDependencies> {
  const { standIn, env: stripeEnv } = await startStripeStandIn();
  const feed = await startFeedServer();
  const t = await createTestContext({ ...stripeEnv, ...feed.env, ...env });
  return {
    t,
    stripe: standIn,
    feed,
    async close() {
      await t.close();
      await standIn.close();
      await feed.close();
    },
  };
}
