/** 1234567 -> "1,234,567" (by hand, like the dates: no locale data to load). */
export function formatCount(n: number): string {
  const [whole = "0", fraction] = String(n).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
