//! Dou Dizhu — Fight the Landlord (seeds `001`/`002`, rulings `shared/spec/doudizhu.md`). Work in progress.
