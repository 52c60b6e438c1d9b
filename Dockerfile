# Bauakte in a container: the build stage makes the web app and the server, the production-deps
# stage installs only the server's runtime dependencies, and the last stage runs the server as the
# unprivileged user "node". See docs/operations.md, "Containers".

FROM node:24.19.0-bookworm-slim AS toolchain
# better-sqlite3 is compiled with node-gyp where no prebuilt binary fits, against the headers the
# image carries in /usr/local/include/node (nothing to download).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# The manifests first, so a change to the sources does not install everything again.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

# The server's own dependencies without dev tools and without the web app's (already bundled) ones.
FROM toolchain AS production-deps
RUN npm ci --omit=dev --workspace=@bauakte/server

FROM node:24.19.0-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# What the built server reads at run time: dist/main.js and dist/pdf-process.js (the PDF export's
# child process, started beside main.js), node_modules (the embedded font comes from there too)
# and the built web app, which main.js finds at ../../web/dist.
COPY --from=production-deps /app/package.json ./
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR keeps the mail outbox (without SMTP_URL), the SQLite database (without DATABASE_URL)
# and the files (without S3_BUCKET); only the server's user may read it.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# No curl in the slim image: Node's own fetch asks the readiness route, where the server listens
# (loopback, unless HOST names one address).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const h = process.env.HOST || '0.0.0.0'; const host = h === '0.0.0.0' || h === '::' ? '127.0.0.1' : h.includes(':') ? '[' + h + ']' : h; fetch('http://' + host + ':' + (process.env.PORT || 8080) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops taking connections, closes live connections with 1012 and leaves within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
