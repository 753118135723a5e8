import { describe, expect, it } from "vitest";
import { installPlatform } from "~/web/lib/install-offer";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

describe("which install steps a device is shown", () => {
  it("shows an iPhone the Share menu's steps", () => {
    expect(installPlatform({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe("ios");
  });

  it("knows an iPad that calls itself a Mac by its touch screen", () => {
    expect(installPlatform({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe("ios");
    expect(installPlatform({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe("desktop");
  });

  it("shows Android its browser menu's steps and a computer the address bar's", () => {
    expect(installPlatform({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe("android");
    expect(installPlatform({ userAgent: WINDOWS, maxTouchPoints: 0 })).toBe("desktop");
  });
});
