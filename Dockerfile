# syntax=docker/dockerfile:1
#
# Pinboard's image (decision 103): the web app and the server built once, run
# by `npm start`'s own command as the unprivileged user `node`, with Debian's
# ffmpeg for videos and everything the app writes in the volume /data.
#
#   docker build -t pinboard .
#   docker run -p 3000:3000 -v pinboard-data:/data pinboard
#
# Alone it runs the embedded PostgreSQL in /data (one container per volume);
# with DATABASE_URL it runs on your PostgreSQL (compose.yaml: two servers behind
# a load balancer). Settings are the environment variables of
# apps/server/src/config.ts (README "Configuration").

# Node 22, as package.json's engines ask (^22.22.2 || >=24.15.0); Debian 13.
FROM node:22-trixie-slim AS build
WORKDIR /app
COPY . .
# The install runs the packages' own scripts (the embedded PostgreSQL's links,
# esbuild) and the project's postinstall (the web app's text types).
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
# The web app, then the server the way `npm start` builds it.
RUN npm run build -w apps/web && node scripts/build-server.mjs
# Videos use the system's ffmpeg (found on PATH first): the static builds npm
# installed for the same purpose are left out of the image.
RUN find node_modules/@ffmpeg-installer node_modules/@ffprobe-installer -mindepth 1 -maxdepth 1 \
      ! -name ffmpeg ! -name ffprobe -exec rm -rf {} +

FROM node:22-trixie-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The code stays root's: the app's user reads it and writes only to /data.
# Besides the builds, the image keeps the server's and the shared package's
# sources with the dev dependencies: `npm start` loads the build script
# (esbuild), and the operator's commands (`npm run make-staff`, `migrate`,
# `backup`, `restore`, `media:migrate`, `seed`) run the sources with tsx.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.base.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/packages/shared ./packages/shared
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/extension/package.json ./apps/extension/package.json
# `npm start` rebuilds what is older than its sources; the builds are newer than
# every source copied here, so it never does (its user could not write there).
RUN touch apps/web/dist/index.html apps/server/dist/main.js \
 && mkdir -p /data \
 && chown node:node /data

ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME /data
EXPOSE 3000
# The image's user `node`, by number, so that orchestrators can tell it is not root.
USER 1000:1000

# /healthz: 200 while the server serves and its database answers (503 while it
# starts: a first start migrates and, on the embedded database, seeds demo
# content, about a minute). A load balancer asks /readyz instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=5m --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# `npm start`'s command (package.json), run without npm in between, so the
# server itself gets SIGTERM, drains and exits (README "Running several servers").
CMD ["node", "--max-semi-space-size=32", "scripts/start.mjs"]
