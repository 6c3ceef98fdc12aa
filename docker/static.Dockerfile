# syntax=docker/dockerfile:1
# The static container of one frontend app: the shell or a remote (mfe-*), served by the
# gateway (a remote under /mfe/<name>/). Build context: the repo root. docker compose passes the
# argument (docker compose build mfe-dashboard); by hand:
#   docker build -f docker/static.Dockerfile --build-arg APP=mfe-dashboard -t mfe-dashboard .
# Every app is built the same way, so they share this file; each still gets an image of its
# own, built and deployed alone.
ARG APP

# Every workspace's package.json next to the root lockfile, so `npm ci` sees the workspace tree
# the lockfile was made from. This layer's output changes only when a manifest does.
FROM node:20-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find . -mindepth 2 -maxdepth 3 -name package.json -not -path '*/node_modules/*' \
      -exec cp --parents '{}' /manifests/ ';'

# Build: the root devDependencies (webpack, module federation, swc) + the app's dependencies.
FROM node:20-slim AS build
ARG APP
RUN test -n "$APP" || { echo 'Set --build-arg APP=shell or APP=mfe-<name>' >&2; exit 1; }
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --workspace "@cc/$APP" --include-workspace-root --no-audit --no-fund
COPY tsconfig.json ./
COPY packages/ packages/
COPY ${APP}/ ${APP}/
RUN npm run build -w "@cc/$APP"

# Runtime: nginx serving the build (gateway/nginx.static.conf: hashed files immutable,
# everything else no-cache, /healthz). Workers run as the image's unprivileged nginx user.
FROM nginx:alpine AS runtime
ARG APP
RUN rm -rf /usr/share/nginx/html/*
COPY gateway/nginx.static.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${APP}/dist/ /usr/share/nginx/html/
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=5 \
  CMD wget -q --spider http://127.0.0.1/healthz || exit 1
