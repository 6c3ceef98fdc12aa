# syntax=docker/dockerfile:1
# The image of one service (svc-*). Build context: the repo root. docker compose passes the
# arguments (docker compose build svc-files); by hand:
#   docker build -f docker/service.Dockerfile --build-arg SERVICE=svc-files --build-arg PORT=3002 -t svc-files .
# Every service is built the same way, so they share this file; each still gets an image of its
# own, built and deployed alone.
ARG SERVICE
ARG PORT=3000

# Every workspace's package.json next to the root lockfile, so `npm ci` sees the workspace tree
# the lockfile was made from. This layer's output changes only when a manifest does.
FROM node:20-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find . -mindepth 2 -maxdepth 3 -name package.json -not -path '*/node_modules/*' \
      -exec cp --parents '{}' /manifests/ ';'

# Build: the root devDependencies (esbuild) + the service's dependencies, then bundle
# src/main.ts (with the @cc/* workspace packages) into $SERVICE/dist/main.js.
FROM node:20-slim AS build
ARG SERVICE
RUN test -n "$SERVICE" || { echo 'Set --build-arg SERVICE=svc-<name>' >&2; exit 1; }
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --workspace "@cc/$SERVICE" --include-workspace-root --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts/ scripts/
COPY packages/ packages/
COPY ${SERVICE}/ ${SERVICE}/
RUN npm run build -w "@cc/$SERVICE"

# Runtime: production dependencies of the service only (npm packages stay external to the
# bundle), the bundle, and $SERVICE/package.json ("type": "module").
FROM node:20-slim AS runtime
ARG SERVICE
ARG PORT
ENV NODE_ENV=production \
    PORT=${PORT}
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --workspace "@cc/$SERVICE" --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /app/${SERVICE}/dist/ ${SERVICE}/dist/
WORKDIR /app/${SERVICE}
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
