# syntax=docker/dockerfile:1
# Tokensite: one image for the web processes (daphne, HTTP + websockets), the job worker
# (`python manage.py run_huey`) and the one-shot migration. See README, "Deploying".

# The symbol fonts (npm mana-font for proxy sheets, keyrune for set symbols; package-lock.json).
FROM node:20-bookworm-slim AS symbols
WORKDIR /assets
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# Pinned to a patch release (README, "Upgrading": bump it with the other versions).
FROM python:3.11.14-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /venv
COPY requirements/deploy.txt /tmp/deploy.txt
# Exact versions with every file's hash checked; wheels only, so no compiler is needed.
RUN /venv/bin/pip install --require-hashes --no-deps --only-binary=:all: -r /tmp/deploy.txt

FROM python:3.11.14-slim-bookworm
ENV PATH=/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=tokensite.settings \
    DEBUG=0 \
    MEDIA_ROOT=/data/media
RUN groupadd --system --gid 10001 tokensite \
    && useradd --system --uid 10001 --gid tokensite --no-create-home --home-dir /app tokensite \
    && mkdir -p /data/media /metrics \
    && chown tokensite:tokensite /data/media /metrics
COPY --from=build /venv /venv
WORKDIR /app
COPY --from=symbols /assets/node_modules/mana-font/fonts/mana.ttf /assets/node_modules/mana-font/fonts/mana.woff2 ./node_modules/mana-font/fonts/
COPY --from=symbols /assets/node_modules/mana-font/css/mana.css ./node_modules/mana-font/css/
COPY --from=symbols /assets/node_modules/mana-font/package.json ./node_modules/mana-font/
COPY --from=symbols /assets/node_modules/keyrune/fonts/keyrune.woff2 ./node_modules/keyrune/fonts/
COPY --from=symbols /assets/node_modules/keyrune/less/icons.less ./node_modules/keyrune/less/
COPY --from=symbols /assets/node_modules/keyrune/package.json /assets/node_modules/keyrune/LICENSE.md ./node_modules/keyrune/
COPY manage.py ./
COPY tokensite ./tokensite
COPY catalog ./catalog
COPY rules ./rules
COPY play ./play
COPY collection ./collection
COPY jobs ./jobs
COPY templates ./templates
COPY locale ./locale
COPY static ./static
COPY deploy/healthcheck.py ./deploy/healthcheck.py
# Translations compiled (.po -> .mo) and static files collected (hashed and compressed) into the
# image, under the production settings; the key only satisfies the settings check and is never
# used at run time. CI builds this tree and runs it (deploy/image_check.py).
RUN SECRET_KEY=build-only python manage.py compile_translations \
    && SECRET_KEY=build-only python manage.py collectstatic --noinput --verbosity 0 \
    && python -m compileall -q tokensite rules catalog play collection jobs
USER 10001:10001
VOLUME ["/data/media"]
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "deploy/healthcheck.py"]
CMD ["daphne", "--bind", "0.0.0.0", "--port", "8000", "--proxy-headers", "tokensite.asgi:application"]
