import Foundation

extension LayerContract {
    /// The contract as `layers.json` text that ``parse(_:path:)`` reads back to the same contract
    /// (but for each ignore entry's line), keys sorted. What was written in the short form (a layer or
    /// a group as a plain array, a default left out) is written so again, so the text holds no more
    /// strings than the one it was read from.
    public func encoded() -> Data {
        func texts(_ patterns: [TargetPattern]) -> [String] { patterns.map(\.text) }
        var root: [String: Any] = [
            "layers": layers.map { layer -> Any in
                if layer.hint == nil, layer.name == layer.targets.map(\.text).joined(separator: ", ") {
                    return texts(layer.targets)
                }
                var object: [String: Any] = ["name": layer.name, "targets": texts(layer.targets)]
                object["hint"] = layer.hint
                return object
            }
        ]
        if !independence.isEmpty {
            root["independence"] = independence.map { group -> Any in
                if group.name == nil, group.hint == nil, group.includesTests, !group.areComponents, group.router == nil
                {
                    return texts(group.targets)
                }
                var object: [String: Any] = ["targets": texts(group.targets)]
                object["includeTests"] = group.includesTests ? nil : false
                object["name"] = group.name
                object["hint"] = group.hint
                object["components"] = group.areComponents ? true : nil
                object["router"] = group.router
                return object
            }
        }
        if !forbidden.isEmpty {
            root["forbidden"] = forbidden.map { entry -> [String: Any] in
                var object: [String: Any] = ["from": texts(entry.from), "to": texts(entry.to)]
                object["allowDependency"] = entry.allowsDependency ? true : nil
                object["reason"] = entry.reason
                return object
            }
        }
        if !dependencyHints.isEmpty {
            root["dependencyHints"] = dependencyHints.map { entry -> [String: Any] in
                ["from": texts(entry.from), "to": texts(entry.to), "hint": entry.hint]
            }
        }
        if !packages.isEmpty {
            root["packages"] = texts(packages)
        }
        if !ignore.isEmpty {
            root["ignore"] = ignore.map { entry -> [String: Any] in
                var object: [String: Any] = ["from": texts(entry.from), "to": texts(entry.to), "reason": entry.reason]
                object["rule"] = entry.rule?.rawValue
                return object
            }
        }
        let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        return (data ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}
