# The invoice service as a container image (docs/deploy.md, "Containers").
# Not run on the project's machine (Docker is not installed there); checked by reading.

# --- Build: all dependencies, compile the server (tsc) and the web app (Vite), drop dev dependencies.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The `node` dependency downloads the pinned Node.js 24 binary in its install script (allowed by
# allowScripts in package.json); the npm scripts below run on it.
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
# The official e-invoice rule sets, compiled by the build's last step (scripts/compile-rule-sets.ts).
COPY einvoice-rules ./einvoice-rules
COPY scripts/compile-rule-sets.ts ./scripts/
RUN npm run build && npm prune --omit=dev

# --- Run: only what the service reads at run time.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY templates ./templates
# The schemas the service validates received e-invoices against (the compiled rule sets are in dist/).
COPY einvoice-rules ./einvoice-rules
# jemalloc: the service preloads it at start when installed (src/render/allocator-settings.ts),
# which keeps PDF rendering under 400 MB where glibc's malloc fragments (docs/performance.md).
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2
# DATA_DIR (./data): the mail outbox when SMTP_URL is unset, or the embedded SQLite default.
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
# Checks this container, not the proxy. Uses PORT; assumes HOST lets 127.0.0.1 in (0.0.0.0 does).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node as PID 1 receives SIGTERM itself; src/server.ts handles it (graceful shutdown, 15 s).
CMD ["node", "dist/server.js"]
