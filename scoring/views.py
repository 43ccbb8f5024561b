from django.http import Http404
from django_htmx.http import replace_url

from kutsite.cards import answer_card_response, answer_links
from kutsite.htmx import render_page, wants_fragment
from kutsite.http import public_page
from scoring.examples import worked_examples
from scoring.forms import CalculatorForm
from scoring.presenters import Calculation


@public_page
def calculator(request):
    """The score calculator: parse the query → the engine scores → the page or the fragment."""
    form = CalculatorForm(request.GET)
    fragment = wants_fragment(request)
    permalink = None
    if form.is_bound:
        query = form.query_string()
        permalink = f"{request.path}?{query}" if query else request.path
    context = {
        "form": form,
        "calc": Calculation(form, live=fragment),
        "permalink": permalink if form.is_bound and form.is_valid() else None,
        "examples": worked_examples,
        "noindex": form.is_bound,  # an answer is one visitor's: base.html
    }
    if context["permalink"] and not fragment:
        context.update(answer_links(request, query))
    response = render_page(request, "scoring/calculator.html", "result", context)
    if permalink and fragment:
        # The address bar follows the live result with this tidy URL (only the parameters that
        # are set), replacing the entry rather than adding one per tap
        replace_url(response, permalink)
    return response


@public_page
def calculator_card(request):
    """The share card of a calculator answer: the round's scores, drawn for its query."""
    form = CalculatorForm(request.GET)
    if not (form.is_bound and form.is_valid()):
        raise Http404("no scores")
    return answer_card_response(Calculation(form).card())
