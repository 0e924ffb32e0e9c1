"""webapp package."""
