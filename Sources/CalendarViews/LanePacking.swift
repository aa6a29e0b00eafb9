/// Places intervals side by side in as few lanes as the overlaps need: taken by start (longest
/// first), each goes into the lowest lane free at its start. For intervals this first-fit order is
/// optimal: the lanes used equal the most intervals that overlap at one moment.
enum LanePacking {
    /// Each interval's lane, and the lanes its cluster (intervals joined by overlaps) uses, so that
    /// boxes of a cluster share their width and a lone box takes the whole column.
    static func pack(_ intervals: [Range<Int>]) -> [(lane: Int, lanes: Int)] {
        let order = intervals.indices.sorted {
            (intervals[$0].lowerBound, -intervals[$0].upperBound, $0) < (intervals[$1].lowerBound, -intervals[$1].upperBound, $1)
        }
        var placed = [(lane: Int, lanes: Int)](repeating: (0, 1), count: intervals.count)
        var laneEnds: [Int] = []
        var cluster: [Int] = []
        var clusterEnd = Int.min
        func closeCluster() {
            for member in cluster { placed[member].lanes = laneEnds.count }
            cluster = []
            laneEnds = []
        }
        for index in order {
            let interval = intervals[index]
            if interval.lowerBound >= clusterEnd { closeCluster() }
            let lane = laneEnds.firstIndex { $0 <= interval.lowerBound } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(interval.upperBound) } else { laneEnds[lane] = interval.upperBound }
            placed[index].lane = lane
            cluster.append(index)
            clusterEnd = max(clusterEnd, interval.upperBound)
        }
        closeCluster()
        return placed
    }
}
