// Imported first by main.ts, so it applies before the server allocates anything of its own.
import v8 from "node:v8";

// The server's live heap is small (about 30 MB after a full collection), but under load V8 let the
// old generation grow to four times that before collecting, so the resident size swung between 150
// and 250 MB. Growing by half the live size instead holds it near 145 MB; the extra collections are
// incremental and concurrent and cost no measurable throughput (docs/performance.md).
v8.setFlagsFromString("--heap-growing-percent=50");
