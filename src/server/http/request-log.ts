import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from "fastify";
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Level,
  type Logger,
} from "pino";

/**
 * The server's logger and its one line per request (docs/performance.md, tuning log: One asynchronous log line per request).
 *
 * Writing is asynchronous: lines queue in memory and leave in batches while the event loop does
 * other work, and what is queued is written out when the process exits. In a terminal the lines go
 * through pino-pretty in pino's own worker thread; anywhere else (a service, a container) they are
 * JSON, one object a line.
 */

/** What a log line must never carry, wherever it appears in what is logged. */
const REDACTED = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  "*.password",
  "*.token",
  "*.email",
  "*.to",
];

const EMAIL_ADDRESS = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const scrub = (text: unknown) => (typeof text === "string" ? text.replace(EMAIL_ADDRESS, "[email]") : text);

/** Errors keep their stack and codes; addresses a database message quotes ("Key (email)=(…)") do not. */
function errorWithoutAddresses(err: Error): Record<string, unknown> {
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(err) };
  for (const key of ["message", "stack", "detail"]) serialized[key] = scrub(serialized[key]);
  return serialized;
}

export interface LoggerOptions {
  level: string;
  /** Readable lines (a terminal); JSON otherwise. */
  pretty?: boolean;
  /** Where JSON lines go (tests capture them); standard output by default. */
  destination?: DestinationStream;
}

export function createLogger({ level, pretty = false, destination }: LoggerOptions): Logger {
  const options = {
    level,
    redact: { paths: REDACTED, censor: "[redacted]" },
    serializers: { err: errorWithoutAddresses },
  };
  if (destination) return pino(options, destination);
  if (pretty && level !== "silent") {
    return pino(
      options,
      pino.transport({
        target: "pino-pretty",
        options: {
          translateTime: "SYS:HH:MM:ss",
          ignore: "pid,hostname,method,path,status,ms",
          messageFormat: "{if method}{method} {path} {status} {ms} ms{end}{msg}",
          singleLine: true,
        },
      }),
    );
  }
  // Lines gather until 4 KiB or a quarter of a second has passed, then leave in one write: a busy
  // server writes a batch instead of a line per request, a quiet one still shows each line at once.
  const output = pino.destination({ dest: 1, sync: false, minLength: LINES_GATHERED, periodicFlush: 250 });
  gatheringDestinations.add(output);
  return pino(options, output);
}

/** How much of the output gathers before it is written (bytes, as JavaScript counts a string's length). */
const LINES_GATHERED = 4096;

/** The asynchronous destinations `createLogger` makes, to which request lines go a batch at a time. */
const gatheringDestinations = new WeakSet<DestinationStream>();
type AsyncDestination = ReturnType<typeof pino.destination>;

/**
 * Page requests whose API responses are being fetched in process (server rendering): those inner
 * requests carry the page's request id and are part of the page's own line.
 */
export const pagesBeingRendered = new Set<string>();

function pathOf(url: string) {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** A route with a secret in its path (a calendar feed's token): its lines show the route instead. */
interface SecretPath {
  route: string;
  prefix: string;
  pattern: RegExp;
}

function secretPathOf(route: string): SecretPath {
  const prefix = route.slice(0, route.indexOf(":"));
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+");
  return { route, prefix, pattern: new RegExp(`^${escaped}/?$`) };
}

/**
 * The path a line shows: a secret in the path itself stays out. Matched on the path, not through
 * `request.routeOptions`, which Fastify builds afresh on every read.
 */
function loggedPath(url: string, secretPaths: SecretPath[]) {
  const path = pathOf(url);
  for (const secret of secretPaths) {
    if (path.startsWith(secret.prefix) && secret.pattern.test(path)) return secret.route;
  }
  return path;
}

/**
 * One line per completed request: method, path without its query string (mailed links carry their
 * tokens there), status, milliseconds, request id and the member's id. No headers, no body.
 */
export function registerRequestLog(app: FastifyInstance) {
  // Decided once: at LOG_LEVEL=warn and above (or with no logger) requests cost nothing here.
  const log = app.log as Partial<Logger>;
  if (!log.isLevelEnabled?.("info")) return;
  if (log.isLevelEnabled("debug")) {
    // At debug, a line when each request arrives too: what is in flight when something hangs.
    app.addHook("onRequest", (request, _reply, done) => {
      request.log.debug({ method: request.method, path: pathOf(request.url) }, "request received");
      done();
    });
  }
  // The request lines hold only the fields below, none of them a secret: they go straight to the
  // logger's own output (its asynchronous destination, or the pretty transport), written as pino
  // writes an info line, without the redaction pass and the generic serialisation every other line
  // gets (each cost as much as the rest of the line).
  const stream = (log as Record<symbol, unknown>)[pino.symbols.streamSym] as DestinationStream | undefined;
  const write = stream ? requestLineWriter(stream) : (fields: RequestLine) => (log as Logger).info(fields);
  const secretPaths: SecretPath[] = [];
  app.addHook("onRoute", (route) => {
    if (route.url.includes(":token") && !secretPaths.some((s) => s.route === route.url)) {
      secretPaths.push(secretPathOf(route.url));
    }
  });
  app.addHook("onResponse", (request, reply, done) => {
    if (pagesBeingRendered.has(request.id) && request.headers["x-request-id"] === request.id) return done();
    write({
      reqId: request.id,
      method: request.method,
      path: loggedPath(request.url, secretPaths),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.user?.id,
    });
    done();
  });
}

interface RequestLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  userId: number | undefined;
}

/**
 * A request's line as pino would write it at info (`level`, `time`, `pid`, `hostname`, then the
 * fields), built in one template. The request id and method need no escaping (ids are checked
 * against `[\w.-]` in `requestIds`, methods are HTTP tokens); the path, which the caller chose, is
 * JSON-escaped.
 */
function requestLineWriter(stream: DestinationStream) {
  const head = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;
  const toText = (line: RequestLine) => {
    const member = line.userId === undefined ? "" : `,"userId":${line.userId}`;
    return `{"level":30,"time":${Date.now()}${head}${line.reqId}","method":"${line.method}","path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms}${member}}\n`;
  };
  if (!gatheringDestinations.has(stream)) return (line: RequestLine) => void stream.write(toText(line));
  return gatheredLines(stream as AsyncDestination, toText);
}

/**
 * Lines handed to the asynchronous destination a batch at a time: it measures the byte length of
 * all it holds at each write (up to 16 KiB, joined into one string first), which cost more than
 * the rest of a request's line. A batch leaves at 4 KiB, and what is left after a quarter of a
 * second, or when the process exits, is written then; so a request's line may follow another kind of
 * line written after it (each carries its time).
 */
function gatheredLines(stream: AsyncDestination, toText: (line: RequestLine) => string) {
  let gathered = "";
  // Once the destination is closed (the process ending), nothing more can be written to it.
  const handOver = () => {
    if (gathered === "" || (stream as { destroyed?: boolean }).destroyed) return false;
    stream.write(gathered);
    gathered = "";
    return true;
  };
  setInterval(() => {
    if (handOver()) stream.flush();
  }, 250).unref();
  // After pino's own handler, which has written out what the destination held.
  process.on("exit", () => {
    if (handOver()) stream.flushSync();
  });
  return (line: RequestLine) => {
    gathered += toText(line);
    if (gathered.length >= LINES_GATHERED) handOver();
  };
}

/**
 * A request's logger, made only when something is logged through it. Fastify gives every request a
 * child logger bound to its id; making one runs the bindings through redaction, which cost more than
 * the request line itself, and most requests never log anything but that line.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private get made() {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }
  get level() {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.made.child(bindings, options);
  }
  private write(level: Level, args: unknown[]) {
    // Below the level nothing is made: a request's debug lines cost nothing at info.
    if (!this.#made && !(this.parent as Partial<Logger>).isLevelEnabled?.(level)) return;
    (this.made[level] as (...args: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  silent() {}
}

/** Fastify's `childLoggerFactory`: a request's logger bound to its id, made on first use. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (
  logger,
  bindings,
  options,
) =>
  // A route with a level of its own gets its logger at once (none has one today).
  options.level
    ? logger.child(bindings, options)
    : (new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);

/**
 * Request ids: the caller's own (a proxy's, or a rendered page's inner requests), or this process's
 * random prefix and a counter, unique across instances and cheaper than a UUID per request.
 */
export function requestIds() {
  const prefix = randomBytes(6).toString("base64url");
  let counter = 0;
  return (incoming: string | string[] | undefined) =>
    typeof incoming === "string" && /^[\w.-]{1,64}$/.test(incoming)
      ? incoming
      : `${prefix}-${(++counter).toString(36)}`;
}
