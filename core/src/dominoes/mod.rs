//! Five Up dominoes (seed `004`, rulings `shared/spec/dominoes.md`). Work in progress.
