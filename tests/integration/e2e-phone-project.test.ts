import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * The phone project of playwright.config.ts runs the e2e tests tagged "@movil" again at
 * 375 px. A test is left out of it only by choice: a spec whose flow takes its width from the
 * project, and any test of a spec that is tagged, must carry the tag (on the test or on a
 * describe around it).
 */
const E2E_DIR = path.resolve("tests/e2e");
const TAG = "@movil";
/** Code that only makes sense when the spec also runs in the phone project. */
const WIDTH_FROM_PROJECT = /project\.use\.viewport|project\.name === "movil"|desktopRunLooks\(\)/;
const DECLARATIONS = new Set(["test", "test.only", "test.fail", "test.fixme", "test.skip", "test.describe", "test.describe.only", "test.describe.serial", "test.describe.parallel", "test.describe.fixme", "test.describe.skip"]);

type Declaration = { title: string; tagged: boolean; isDescribe: boolean };

/** Every test and describe of a spec's source, with whether the tag reaches it. */
function declarations(source: string): Declaration[] {
  const file = ts.createSourceFile("spec.ts", source, ts.ScriptTarget.Latest, true);
  const found: Declaration[] = [];
  const visit = (node: ts.Node, inherited: boolean) => {
    let tagged = inherited;
    if (ts.isCallExpression(node) && DECLARATIONS.has(node.expression.getText(file))) {
      const [title, details] = node.arguments;
      // test.skip(condition, reason) and the like are no declarations: a title comes first.
      if (title && (ts.isStringLiteral(title) || ts.isTemplateLiteral(title))) {
        tagged ||= !!details && ts.isObjectLiteralExpression(details) && details.getText(file).includes(`"${TAG}"`);
        found.push({ title: title.getText(file), tagged, isDescribe: node.expression.getText(file).startsWith("test.describe") });
      }
    }
    node.forEachChild((child) => visit(child, tagged));
  };
  visit(file, false);
  return found;
}

function untaggedTests(source: string): string[] {
  return declarations(source)
    .filter((declaration) => !declaration.isDescribe && !declaration.tagged)
    .map((declaration) => declaration.title);
}

describe("the e2e phone project (tests tagged @movil)", () => {
  const specs = readdirSync(E2E_DIR)
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => {
      const source = readFileSync(path.join(E2E_DIR, name), "utf8");
      return { name, widthFromProject: WIDTH_FROM_PROJECT.test(source), found: declarations(source) };
    });
  const untagged = (spec: (typeof specs)[number]) =>
    spec.found.filter((declaration) => !declaration.isDescribe && !declaration.tagged).map((declaration) => `${spec.name}: ${declaration.title}`);

  it("sees a test left untagged beside a tagged one, and the tag of a describe around a test", () => {
    const source = `
      test.describe("a", { tag: "${TAG}" }, () => { test("inside", async () => {}); });
      test("tagged", { tag: "${TAG}" }, async () => {});
      test("forgotten", async () => {});
      test.skip(true, "not a declaration");`;
    expect(untaggedTests(source)).toEqual(['"forgotten"']);
  });

  it("takes every test of a spec whose flow follows the project's width", () => {
    const left = specs.filter((spec) => spec.widthFromProject).flatMap(untagged);
    expect(left, `toman el ancho del proyecto pero no llevan { tag: "${TAG}" }`).toEqual([]);
  });

  it("takes every test of a spec that is tagged, a new one too", () => {
    const left = specs.filter((spec) => spec.found.some((declaration) => declaration.tagged)).flatMap(untagged);
    expect(left, `en un spec con { tag: "${TAG}" }, sin la etiqueta`).toEqual([]);
  });

  it("is what playwright.config.ts runs at 375 px", () => {
    expect(readFileSync("playwright.config.ts", "utf8")).toMatch(/name: "movil",[\s\S]*grep: \/@movil\//);
  });
});
