/// The name of the module SwiftPM builds from a target, as a test's id, a `#fileID` and `import` spell it:
/// `My_Tests` for the target `My-Tests`. SwiftPM reports it itself (`c99name` in `swift package describe`),
/// which ``PackageTargets/Target/moduleName`` reads; this is SwiftPM's rule, for a description without it.
///
/// The rule (`spm_mangledToC99ExtendedIdentifier` in swift-tools-support-core): each character that a C99
/// identifier may not hold *where it stands* becomes `_` — so a leading digit is replaced, not prefixed
/// (`1Fares` → `_Fares`, `12 3` → `_2_3`). ASCII letters, `_` and, past the first place, digits are kept;
/// beyond ASCII, C99's Annex D ranges, here approximated by letters and (past the first place) digits and
/// combining marks (`Ünï-Tests` → `Ünï_Tests`).
enum SwiftModuleName {
    static func of(target name: String) -> String {
        var module = ""
        for (index, scalar) in name.unicodeScalars.enumerated() {
            module.unicodeScalars.append(allowed(scalar, first: index == 0) ? scalar : "_")
        }
        return module
    }

    private static func allowed(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar.isASCII {
            let character = Character(scalar)
            return character == "_" || character.isLetter || !first && character.isNumber
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        case .decimalNumber, .nonspacingMark, .spacingMark:
            return !first
        default:
            return false
        }
    }
}
