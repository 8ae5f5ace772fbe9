#!/bin/sh
# Restores a backup made by deploy/backup.sh (docs/backups.md):
#   deploy/restore.sh DUMP [MEDIA_ARCHIVE]
# DUMP goes into the database named by the libpq variables (PGHOST, PGUSER, PGPASSWORD,
# PGDATABASE, PGPORT), which must be empty (freshly created): restoring over a live database
# would mix two states. MEDIA_ARCHIVE, when given, is unpacked into MEDIA_DIR (/data/media).
# One transaction: a restore that fails leaves the database as empty as it was.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 DUMP [MEDIA_ARCHIVE]" >&2
    exit 2
fi
dump=$1
: "${PGDATABASE:?set PGDATABASE to the (empty) database to restore into}"
MEDIA_DIR=${MEDIA_DIR:-/data/media}

tables=$(psql --no-psqlrc --tuples-only --no-align --command \
    "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
if [ "$tables" != "0" ]; then
    echo "restore: database $PGDATABASE has $tables tables; restore into an empty one" >&2
    exit 1
fi
pg_restore --exit-on-error --single-transaction --no-owner --dbname="$PGDATABASE" "$dump"
echo "restore: database $PGDATABASE restored from $dump"

if [ $# -eq 2 ]; then
    mkdir -p "$MEDIA_DIR"
    tar -xzf "$2" -C "$MEDIA_DIR"
    echo "restore: media restored into $MEDIA_DIR from $2"
fi
