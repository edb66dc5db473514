"""In-game help: the illustrated rules pages and the coached hands."""
