from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from play.api import commands as api_commands
from play.api import views as api
from play.web import command_line, shortcut_views, views

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/v1/tables/", api.tables, name="api-tables"),
    path("api/v1/tables/join/", api.table_join, name="api-table-join"),
    path("api/v1/tables/spectate/", api.table_spectate, name="api-table-spectate"),
    path("api/v1/tables/<uuid:table_id>/", api.table_detail, name="api-table"),
    path("api/v1/tables/<uuid:table_id>/actions/", api.table_actions, name="api-table-actions"),
    path(
        "api/v1/tables/<uuid:table_id>/command/",
        api_commands.table_command,
        name="api-table-command",
    ),
    path("api/v1/tables/<uuid:table_id>/log/", api.table_log, name="api-table-log"),
    path("api/v1/tables/<uuid:table_id>/history/", api.table_history, name="api-table-history"),
    path("api/v1/tables/<uuid:table_id>/undo/", api.table_undo, name="api-table-undo"),
    path("api/v1/tables/<uuid:table_id>/links/", api.table_rotate_links, name="api-table-links"),
    # Battlefield pages (play/web/views.py).
    path("play/", views.lobby, name="play-lobby"),
    path("play/new/", views.new_table, name="play-new"),
    path("play/shortcuts/", shortcut_views.shortcut_settings, name="play-shortcuts"),
    path("play/join/<str:invite>/", views.join, name="play-join"),
    path("play/watch/<str:token>/", views.spectate, name="play-spectate"),
    path("play/<uuid:table_id>/", views.table_page, name="play-table"),
    path("play/<uuid:table_id>/board/", views.board_partial, name="play-board"),
    path("play/<uuid:table_id>/act/", views.act, name="play-act"),
    path("play/<uuid:table_id>/act-on-stacks/", views.act_on_stacks, name="play-act-on-stacks"),
    path("play/<uuid:table_id>/favourite/", views.favourite, name="play-favourite"),
    path("play/<uuid:table_id>/undo/", views.undo, name="play-undo"),
    path("play/<uuid:table_id>/command/", command_line.command, name="play-command"),
    path("play/<uuid:table_id>/untap-all/", views.untap_all, name="play-untap-all"),
    path("play/<uuid:table_id>/objects/<str:object_id>/", views.object_panel, name="play-object"),
    path("play/<uuid:table_id>/palette/", views.palette_search, name="play-palette"),
    path("play/<uuid:table_id>/print/", views.print_tokens, name="play-print-tokens"),
]
