"""A table's mode moves into its kernel state (``GameState.mode``), where switching it is a
logged action (``set_mode``) that replay and undo reproduce. Track-only tables keep their mode:
it is written into the stored state, the setup (replay starts there) and the frames of the log's
patches (undo and stored-state catch-up load them)."""

from __future__ import annotations

from django.db import migrations


def _into_states(apps, schema_editor):
    Table = apps.get_model("play", "Table")
    Action = apps.get_model("play", "Action")
    for table in Table.objects.filter(mode="track").iterator():
        table.state = {**table.state, "mode": "track"}
        table.setup = {**table.setup, "mode": "track"}
        table.save(update_fields=["state", "setup"])
        for action in Action.objects.filter(table_id=table.pk).iterator():
            changed = []
            for name in ("inverse", "forward"):
                patch = getattr(action, name)
                if patch:
                    patch["frame"] = {**patch["frame"], "mode": "track"}
                    changed.append(name)
            if action.checkpoint:
                action.checkpoint = {**action.checkpoint, "mode": "track"}
                changed.append("checkpoint")
            if changed:
                action.save(update_fields=changed)


def _out_of_states(apps, schema_editor):
    Table = apps.get_model("play", "Table")
    for table in Table.objects.iterator():
        if table.state.get("mode") == "track":
            table.mode = "track"
            table.save(update_fields=["mode"])


class Migration(migrations.Migration):
    dependencies = [("play", "0004_palette_token")]

    operations = [
        migrations.RunPython(_into_states, _out_of_states),
        migrations.RemoveField(model_name="table", name="mode"),
    ]
