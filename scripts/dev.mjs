// `npm run dev`: the API with restarts on change (port 3001) and Vite's dev server with hot reload
// (port 3000, proxying /api to the API). Both stop together.
import { spawn } from "node:child_process";

const env = {
  ...process.env,
  PORT: "3001",
  PUBLIC_URL: "http://localhost:3000",
  NODE_ENV: "development",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
};
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["vite", "--port", "3000", "--strictPort"], { stdio: "inherit", env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
