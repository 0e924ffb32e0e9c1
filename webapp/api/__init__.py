"""The JSON API: one blueprint a feature, all under /api, described by /api/openapi.json."""
