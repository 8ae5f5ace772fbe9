"""What happened to the catalogue, field by field (django-simple-history): who, when, from where
(admin, API or an import job) and each field's old and new value; reverting an entry; an
import's change set and its revert."""
