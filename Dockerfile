# The service image. Elasticsearch runs beside it (docker-compose.yml); the local
# node provisioning under scripts/ is for machines without Docker.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The TypeScript client is an npm workspace: npm ci builds it (prepare), the demo pages serve its bundle.
COPY clients/typescript ./clients/typescript
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# Memory settings of scripts/runtime/service-memory.ts (RSS under 150 MB under load).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/clients/typescript/dist/browser.js ./clients/typescript/dist/browser.js
COPY package.json ./
COPY indices ./indices
COPY public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=1", "--max-old-space-size=128", "dist/src/server.js"]
