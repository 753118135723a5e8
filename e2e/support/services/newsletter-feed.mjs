// A local stand-in for the newsletter: serves an RSS 2.0 feed shaped like Substack's at /feed.
import http from "node:http";

const BASE = "https://miriamsgarden.substack.com";
const DAY = 86_400_000;

export const FEED_POSTS = [
  {
    slug: "seeds-of-shalom",
    title: "Seeds of Shalom: Finding Peace in Anxious Days",
    subtitle: "Shalom is more than the absence of trouble. It is wholeness, planted by God, growing quietly.",
    categories: ["Peace", "Devotional"],
    days: 0.5,
  },
  {
    slug: "the-names-of-god-in-genesis",
    title: "The Names of God in Genesis",
    subtitle:
      "Elohim, El Shaddai, El Roi: every name He gave Himself was a promise to someone who needed it.",
    categories: ["Torah", "Bible Study"],
    days: 1,
  },
  {
    slug: "bread-of-affliction-bread-of-life",
    title: "Bread of Affliction, Bread of Life",
    subtitle:
      "What the matzah on the Passover table tells us about the One who called Himself the bread of life.",
    categories: ["Feasts", "Messianic Faith"],
    days: 1.5,
  },
];

const paragraph =
  "Lord, teach us to number our days, that we may gain a heart of wisdom. In the garden of our lives, " +
  "every season has its work: the breaking of ground, the planting, the long waiting, and the harvest. ";

function item(post, now) {
  const url = `${BASE}/p/${post.slug}`;
  const body = `<p>${paragraph.repeat(12)}</p><h3>Reflect</h3><p>${paragraph.repeat(8)}</p>`;
  return `<item><title><![CDATA[${post.title}]]></title><description><![CDATA[${post.subtitle}]]></description><link>${url}</link><guid isPermaLink="false">${url}</guid><dc:creator><![CDATA[Miriam]]></dc:creator><pubDate>${new Date(now - post.days * DAY).toUTCString()}</pubDate>${post.categories.map((c) => `<category><![CDATA[${c}]]></category>`).join("")}<enclosure url="https://substack-post-media.s3.amazonaws.com/public/images/${post.slug}.jpeg" length="0" type="image/jpeg"/><content:encoded><![CDATA[<div class="captioned-image-container"><figure><img src="https://substack-post-media.s3.amazonaws.com/public/images/${post.slug}.jpeg" alt=""></figure></div>${body}<script>window.__feedScriptRan = true</script><p><a href="${url}?utm_source=substack">Read more</a></p>]]></content:encoded></item>`;
}

export function substackFeed(posts = FEED_POSTS, now = Date.now()) {
  return `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:googleplay="http://www.google.com/schemas/play-podcasts/1.0"><channel><title><![CDATA[Miriam's Garden]]></title><description><![CDATA[Teaching and reflections for women growing in faith.]]></description><link>${BASE}</link><image><url>https://substackcdn.com/image/fetch/logo.png</url><title>Miriam's Garden</title><link>${BASE}</link></image><generator>Substack</generator><lastBuildDate>${new Date(now).toUTCString()}</lastBuildDate><atom:link href="${BASE}/feed" rel="self" type="application/rss+xml"/><copyright><![CDATA[Miriam]]></copyright><language><![CDATA[en]]></language><webMaster><![CDATA[miriamsgarden@substack.com]]></webMaster><itunes:owner><itunes:email><![CDATA[miriamsgarden@substack.com]]></itunes:email><itunes:name><![CDATA[Miriam]]></itunes:name></itunes:owner><itunes:author><![CDATA[Miriam]]></itunes:author>${posts.map((p) => item(p, now)).join("")}</channel></rss>`;
}

export async function start() {
  const server = http.createServer((req, res) => {
    if (req.url === "/feed") {
      res.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
      res.end(substackFeed());
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    env: { NEWSLETTER_FEED_URL: `http://127.0.0.1:${port}/feed`, NEWSLETTER_NAME: "Substack" },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
