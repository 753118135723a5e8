import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "~/core/public-config";

const defaults: PublicConfig = {
  siteName: "Mishpacha",
  founderName: "Miriam",
  welcomeLine: "",
  contactEmail: null,
  newsletterName: "Substack",
  timeZone: "UTC",
  patronPriceText: "$15",
  externalSignIn: false,
  stripeKey: null,
  registration: "open",
};

function read(): PublicConfig {
  try {
    const el = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
    return { ...defaults, ...(el?.textContent ? (JSON.parse(el.textContent) as Partial<PublicConfig>) : {}) };
  } catch {
    return defaults;
  }
}

/** Server settings embedded in index.html (site name, founder, payments…). */
export const publicConfig: PublicConfig = read();
