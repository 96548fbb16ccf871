import { PRODUCTS, type Product } from "../../domain/products";
import { h } from "../dom";
import type { ImportKind } from "../protocol";
import type { ViewContext } from "../view-context";

/** Members or matters and, for members, the product. */
export function kindStep({ state, strings, actions, id }: ViewContext): HTMLElement {
  const radio = (kind: ImportKind, label: string) => {
    const input = h("input", {
      type: "radio",
      name: id("kind"),
      id: id(`kind-${kind}`),
      value: kind,
      checked: state.kind === kind,
    });
    input.addEventListener("change", () => actions.setKind(kind));
    return h("div", {}, input, h("label", { for: id(`kind-${kind}`) }, label));
  };
  const product = h("select", { id: id("product"), part: "select" });
  for (const each of PRODUCTS) {
    const option = h("option", { value: each }, each);
    option.selected = each === state.product;
    product.append(option);
  }
  product.addEventListener("change", () => actions.setProduct(product.value as Product));
  return h(
    "div",
    {},
    h(
      "fieldset",
      { part: "fieldset" },
      h("legend", {}, strings.kindLegend),
      radio("members", strings.kindMembers),
      radio("matters", strings.kindMatters),
    ),
    state.kind === "members"
      ? h(
          "div",
          { class: "field" },
          h("label", { for: id("product") }, strings.productLabel),
          product,
        )
      : null,
  );
}
