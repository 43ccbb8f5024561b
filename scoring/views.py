from django.views.decorators.http import require_safe

from kutsite.htmx import render_page
from scoring.examples import worked_examples
from scoring.forms import CalculatorForm


@require_safe
def calculator(request):
    """The score calculator: parse the query → the engine scores → the page or the fragment."""
    form = CalculatorForm(request.GET)
    permalink = None
    if form.is_bound and form.is_valid():
        permalink = f"{request.path}?{form.query_string()}"
    context = {"form": form, "permalink": permalink, "examples": worked_examples}
    return render_page(request, "scoring/calculator.html", "result", context)
