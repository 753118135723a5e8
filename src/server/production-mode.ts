// Imported by main.ts before anything that reads NODE_ENV.
//
// React renders members' pages on the server, and it loads its development build unless NODE_ENV is
// "production": the same page took two to three times as long to render (docs/performance.md, tuning
// log). The server is the production server unless told otherwise; `npm run dev` says "development".

/** NODE_ENV as the operator set it, before the default below. */
export const declaredNodeEnv = process.env.NODE_ENV;

process.env.NODE_ENV ??= "production";
