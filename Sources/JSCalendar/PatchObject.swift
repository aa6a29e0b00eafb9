import JSONReading

/// RFC 8984's PatchObject (§1.4.9): keys are JSON pointers into the object patched, a value replaces
/// what is there, null removes it.
extension JSONValue {
    func removing(_ key: String) -> JSONValue {
        .object(members.filter { $0.key != key })
    }

    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        var object = JSONObject(members)
        object[key] = value
        return object.value
    }

    func patched(with patch: JSONValue, path: String) throws(JSCalendarProblem) -> JSONValue {
        guard case .object(let pointers) = patch else { throw JSCalendarProblem(path: path, "a patch must be a JSON object") }
        var result = self
        for pointer in pointers {
            let steps = pointer.key.split(separator: "/", omittingEmptySubsequences: false).map(Self.unescapedStep)
            guard !steps.contains(""), let next = result.setting(steps[...], pointer.value) else {
                throw JSCalendarProblem(path: "\(path).\(pointer.key)", "the patch names no member of the object it patches")
            }
            result = next
        }
        return result
    }

    private func setting(_ steps: ArraySlice<String>, _ value: JSONValue) -> JSONValue? {
        guard let first = steps.first, case .object = self else { return nil }
        var object = JSONObject(members)
        if steps.count == 1 {
            object[first] = value == .null ? nil : value
        } else {
            guard let inner = (object[first] ?? .object([])).setting(steps.dropFirst(), value) else { return nil }
            object[first] = inner
        }
        return object.value
    }

    private static func unescapedStep(_ step: Substring) -> String {
        String(step).replacing("~1", with: "/").replacing("~0", with: "~")
    }

    /// The patch that turns `base` into `self`, member by member (RFC 8984 §4.3.5's overrides patch
    /// what differs from the master), deeper into objects both have so a changed name of a location
    /// is one pointer.
    func patch(from base: JSONValue, prefix: String = "") -> [JSONMember] {
        var patch: [JSONMember] = []
        for member in members {
            let pointer = prefix + member.key.replacing("~", with: "~0").replacing("/", with: "~1")
            guard let old = base[member.key] else { patch.append(JSONMember(key: pointer, value: member.value)); continue }
            if old.sameValue(as: member.value) { continue }
            // Into objects that share members (a participant's status), whole where none is shared (a
            // new set of locations), as RFC 8984 §6.9 and §6.10 write their patches.
            if case .object = old, case .object = member.value, member.value["@type"] == old["@type"],
                member.value.members.contains(where: { old[$0.key] != nil })
            {
                patch += member.value.patch(from: old, prefix: pointer + "/")
            } else {
                patch.append(JSONMember(key: pointer, value: member.value))
            }
        }
        for member in base.members where self[member.key] == nil {
            let pointer = prefix + member.key.replacing("~", with: "~0").replacing("/", with: "~1")
            patch.append(JSONMember(key: pointer, value: .null))
        }
        return patch
    }
}
