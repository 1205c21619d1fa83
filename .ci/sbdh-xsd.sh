#!/usr/bin/env bash
# The UN/CEFACT SBDH 1.3 schemas the SBDH goldens are checked against (test/formats/sbdh), into
# .cache/sbdh-xsd, for a developer's machine that can reach GitHub (CI cannot: .ci/run does not
# call this, and the schema tests skip with a note without the files), or $SBDH_XSD_DIR.
# They are not in the repository: UN/CEFACT publishes them
# "All Rights Reserved" without a licence for redistribution (fixtures/as4/README.md). Taken from
# phax/ph-sbdh at a fixed commit and checked against their SHA-256 before use.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${SBDH_XSD_DIR:-.cache/sbdh-xsd}"
commit=974cf9cc35e30a5083f1c188bd3b93ff3c723a42
base="https://raw.githubusercontent.com/phax/ph-sbdh/$commit/src/main/resources/external/schemas/sbdh"
mkdir -p "$dir"
while read -r sum file; do
  if ! echo "$sum  $dir/$file" | sha256sum -c --status 2>/dev/null; then
    curl -fsSL "$base/$file" -o "$dir/$file"
    echo "$sum  $dir/$file" | sha256sum -c --quiet
  fi
done <<'SUMS'
6e1f7d14765e8a0014eef884d2ad1e73a980833bcf9a822d75eacde2b6399914 BasicTypes.xsd
86059e2f11623b527b4f10476105c4ad23f01cc62e1a1a89f1dc395f1913cbbe BusinessScope.xsd
ac455965972c5ab2a6592c9ae8bdec10788473f8fc195efab7a1900485601487 DocumentIdentification.xsd
38b0a8f50209d35d4dc734a628ead7c49bcf0d83f308401a1e5ca2c06658f3c8 Manifest.xsd
f144554d2bd11d28eef7e6423be3b85950e81818f818530e3fb7251cc50d43dd Partner.xsd
97f5d85c144f0127192e6789f0c3ab354c17dc5c9abdc40b541917cc6c99cd33 StandardBusinessDocumentHeader.xsd
SUMS
echo "SBDH schemas in $dir"
