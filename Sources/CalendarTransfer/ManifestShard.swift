import CalendarModel

/// Which rows of a manifest one process imports (`--shard K/N`): every N-th row starting at row K,
/// counting rows from 0 in the manifest's order. N processes given 0/N … N-1/N (a Kubernetes Indexed
/// Job's completion index, GNU parallel's `{}`, a CI matrix entry) import every row once between them.
package struct ManifestShard: Sendable, Hashable, CustomStringConvertible {
    package var index: Int
    package var count: Int

    /// The whole manifest.
    package static let whole = ManifestShard(index: 0, count: 1)

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N`, or what is wrong with the text (a usage problem, exit 64).
    package static func parse(_ text: String) -> Result<ManifestShard, UsageProblem> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            return .failure(UsageProblem(message: "--shard takes K/N (this process's shard K of N, K from 0), as 0/4; not \(text)"))
        }
        guard count >= 1 else { return .failure(UsageProblem(message: "--shard \(text): N, the number of shards, must be at least 1")) }
        guard (0..<count).contains(index) else {
            return .failure(UsageProblem(message: "--shard \(text): K counts shards from 0, so it must be 0 to \(count - 1)"))
        }
        return .success(ManifestShard(index: index, count: count))
    }

    /// The rows of this shard, in the manifest's order.
    package func rows(of manifest: ImportManifest) -> [ManifestRow] {
        manifest.rows.filter { $0.index % count == index }
    }

    /// The mirror rows of this shard, in the manifest's order.
    package func mirrorRows(of manifest: ImportManifest) -> [MirrorManifestRow] {
        manifest.mirrorRows.filter { $0.index % count == index }
    }

    package var description: String { "\(index)/\(count)" }
}
