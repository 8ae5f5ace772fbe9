#!/bin/sh
# Scheduled backups (the compose `backup` service; docs/backups.md): every BACKUP_INTERVAL
# seconds a dump of the database (pg_dump's custom format, restorable with deploy/restore.sh)
# and an archive of the uploaded media, into BACKUP_DIR, keeping the newest BACKUP_KEEP of each.
# BACKUP_ONCE=1 takes one backup and exits (a manual backup, or a test).
#
# The database is named by the usual libpq variables (PGHOST, PGUSER, PGPASSWORD, PGDATABASE,
# PGPORT). A file is written under a temporary name and renamed when complete, so a backup cut
# short (a full disk, a restart) is never mistaken for a good one.
set -eu

BACKUP_DIR=${BACKUP_DIR:-/backups}
BACKUP_INTERVAL=${BACKUP_INTERVAL:-86400}
BACKUP_KEEP=${BACKUP_KEEP:-14}
MEDIA_DIR=${MEDIA_DIR:-/data/media}

log() { printf '%s backup: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*"; }

# Keeps the newest $2 files matching $1 (names sort by their UTC time stamp).
rotate() {
    # shellcheck disable=SC2012
    ls -1 "$BACKUP_DIR"/$1 2>/dev/null | sort -r | tail -n +"$(($2 + 1))" | while read -r old; do
        rm -f -- "$old" && log "removed $old"
    done
}

# Every step says `|| return 1`: `set -e` does not apply inside a function called with `||`.
backup_once() {
    stamp=$(date -u +%Y%m%dT%H%M%SZ)
    mkdir -p "$BACKUP_DIR" || return 1
    rm -f "$BACKUP_DIR"/*.partial
    dump="$BACKUP_DIR/db-$stamp.dump"
    pg_dump --format=custom --no-owner --file="$dump.partial" || return 1
    mv "$dump.partial" "$dump" || return 1
    log "database: $dump ($(wc -c <"$dump") bytes)"
    if [ -d "$MEDIA_DIR" ]; then
        media="$BACKUP_DIR/media-$stamp.tar.gz"
        tar -czf "$media.partial" -C "$MEDIA_DIR" . || return 1
        mv "$media.partial" "$media" || return 1
        log "media: $media ($(wc -c <"$media") bytes)"
    fi
    rotate 'db-*.dump' "$BACKUP_KEEP"
    rotate 'media-*.tar.gz' "$BACKUP_KEEP"
}

if [ "${BACKUP_ONCE:-0}" = "1" ]; then
    backup_once || exit 1
    exit 0
fi
while true; do
    # A failed backup is logged and retried at the next interval; the service keeps running.
    backup_once || log "FAILED (exit $?)"
    sleep "$BACKUP_INTERVAL"
done
